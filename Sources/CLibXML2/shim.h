#ifndef PLAYBENCH_CLIBXML2_SHIM_H
#define PLAYBENCH_CLIBXML2_SHIM_H
// The parts of libxml2 Playbench uses: the SAX2 push/pull parser and its context.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
