/* libmaxminddb (Debian's libmaxminddb-dev): the country of a client's address, from a
   MaxMind DB file the operator installs (GeoLite2-Country, DB-IP Country Lite). */
#include <maxminddb.h>
