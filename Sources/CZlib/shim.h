#include <zlib.h>

/* inflateInit2 is a macro that passes ZLIB_VERSION and sizeof(z_stream): Swift imports neither. */
static inline int czlib_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS); /* negative window bits: raw deflate, as ZIP stores it */
}
