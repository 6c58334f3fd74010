// libxml2's HTML and XML parsers, XPath evaluator and streaming patterns, for `xpath` checks.
#ifndef COURIER_CLIBXML2_SHIM_H
#define COURIER_CLIBXML2_SHIM_H

// Debian's libxml2 is built with ICU, and its encoding.h then includes the system's
// <unicode/ucnv.h>, whose enums clash with Foundation's own ICU module (_FoundationICU) in
// any Swift file that imports both. Nothing here uses the ICU fields (they sit at the end of
// xmlCharEncodingHandler, only ever reached through a pointer), so the headers are read
// without them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/pattern.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xmlerror.h>

/// `xmlFree`, a global function pointer Swift 6 cannot read safely.
static inline void courier_xml_free(void *memory) {
    xmlFree(memory);
}

static void courier_xml_ignore(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// Silences libxml2's generic error output on this thread (XPath errors have no quiet
/// option), or restores it. The handler is variadic, which Swift cannot write.
static inline void courier_xml_quiet(int quiet) {
    xmlSetGenericErrorFunc(NULL, quiet ? courier_xml_ignore : NULL);
}

#endif
