#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro around a cast function pointer, which Swift cannot import.
static inline sqlite3_destructor_type modeldiff_sqlite_transient(void) { return SQLITE_TRANSIENT; }
