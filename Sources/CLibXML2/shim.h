#include <libxml/xmlversion.h>
// Debian/Ubuntu build libxml2 with ICU; its <unicode/*.h> clash with Foundation's bundled
// _FoundationICU module. We never touch the ICU fields, so hide them.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function-pointer variable, which Swift 6 refuses to touch.
static inline void modeldiff_xmlFree(void *pointer) { xmlFree(pointer); }
