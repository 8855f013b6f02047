#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED   /* Debian's libxml2 headers pull in system ICU, which clashes with Foundation's ICU */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlIO.h>
/* xmlFree is a C global variable: calling it from Swift is not concurrency-safe. */
static inline void clibxml2_free(void *p) { xmlFree(p); }
