#ifndef PLAYBENCH_BENCHMARKS_SAX2FLOOR_H
#define PLAYBENCH_BENCHMARKS_SAX2FLOOR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `length` bytes of XML with libxml2's SAX2 parser and a handler whose
/// startElementNs / endElementNs / characters callbacks are empty: what any SAX-based reader
/// pays before it does anything with the events. Options XML_PARSE_NONET | XML_PARSE_HUGE,
/// the parser set up as Playbench's XMLPlistReader sets it up (xmlCreateMemoryParserCtxt,
/// handler copied in, xmlCtxtUseOptions, xmlParseDocument, xmlFreeParserCtxt).
///
/// Returns 0 when the document is well-formed, -1 when the parser could not be created,
/// and libxml2's error code otherwise.
int sax2_floor_parse(const char *bytes, size_t length);

/// The number of SAX events a counting (not empty) pass sees; for checking the floor really
/// parses the whole input. Not used in the measured loop.
long sax2_floor_count_events(const char *bytes, size_t length);

#ifdef __cplusplus
}
#endif

#endif
