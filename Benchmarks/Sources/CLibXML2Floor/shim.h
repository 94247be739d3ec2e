#ifndef PLAYBENCH_BENCHMARKS_CLIBXML2FLOOR_SHIM_H
#define PLAYBENCH_BENCHMARKS_CLIBXML2FLOOR_SHIM_H
// libxml2's SAX2 parser, for the floor benchmark (SAX2Floor). ICU hidden as in the main
// package's CLibXML2 shim (Sources/CLibXML2/shim.h says why).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#endif
