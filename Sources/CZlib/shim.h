#include <zlib.h>

/// inflateInit2 is a macro around inflateInit2_ (it passes the header's version and struct size), which Swift cannot import.
static inline int modeldiff_inflate_init_raw(z_streamp stream) { return inflateInit2(stream, -15); }
