/* MariaDB Connector/C (Debian's libmariadb-dev): reads Baïkal's MySQL database for a migration. */
#include <mysql.h>
