#ifndef PLAYBENCH_BENCHMARKS_CLIBXML2FLOOR_SHIM_H
#define PLAYBENCH_BENCHMARKS_CLIBXML2FLOOR_SHIM_H
// libxml2's SAX2 parser, for the floor benchmark (SAX2Floor).
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#endif
