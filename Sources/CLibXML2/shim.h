#include <libxml/xmlversion.h>
// Debian/Ubuntu build libxml2 with ICU; its <unicode/*.h> clash with Foundation's bundled
// _FoundationICU module. We never touch the ICU fields, so hide them.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function-pointer variable, which Swift 6 refuses to touch.
static inline void modeldiff_xmlFree(void *pointer) { xmlFree(pointer); }


/// libxml2 reports some failures (encoding conversion, I/O) through its generic error function,
/// which prints to stderr whatever the parser options say; a diagnostic is one line, so these are
/// dropped: the structured handler has already recorded the error. The setting is per thread.
static void modeldiff_xmlIgnoreGenericError(void *context, const char *message, ...) { (void)context; (void)message; }
static inline void modeldiff_xmlSilenceGenericErrors(void) { xmlSetGenericErrorFunc(NULL, modeldiff_xmlIgnoreGenericError); }
