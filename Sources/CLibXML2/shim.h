#ifndef PLAYBENCH_CLIBXML2_SHIM_H
#define PLAYBENCH_CLIBXML2_SHIM_H
// The parts of libxml2 Playbench uses: the SAX2 push/pull parser and its context.
//
// Debian builds libxml2 with ICU, so <libxml/encoding.h> includes <unicode/ucnv.h>, whose
// UErrorCode then meets Foundation's own ICU (_FoundationICU) in one clang module graph: "UErrorCode
// has different definitions in different modules", a build failure that comes and goes with the
// order modules are built in (it failed a CI run's fuzz build). ICU appears in libxml2's headers
// only in the trailing fields of xmlCharEncodingHandler, a struct Playbench never allocates or
// reads (it hands libxml2 UTF-8 and takes its pointers as they come): hiding ICU keeps its
// headers out without changing a type Playbench touches.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
