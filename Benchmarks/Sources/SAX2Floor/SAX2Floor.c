#include "SAX2Floor.h"

#include <limits.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>

static void floor_start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                                const xmlChar *URI, int nb_namespaces, const xmlChar **namespaces,
                                int nb_attributes, int nb_defaulted, const xmlChar **attributes) {
    (void)ctx; (void)localname; (void)prefix; (void)URI; (void)nb_namespaces; (void)namespaces;
    (void)nb_attributes; (void)nb_defaulted; (void)attributes;
}

static void floor_end_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                              const xmlChar *URI) {
    (void)ctx; (void)localname; (void)prefix; (void)URI;
}

static void floor_characters(void *ctx, const xmlChar *ch, int len) {
    (void)ctx; (void)ch; (void)len;
}

static int run(const char *bytes, size_t length, const xmlSAXHandler *handler, void *user) {
    if (length == 0 || length >= INT_MAX) return -1;
    xmlParserCtxtPtr context = xmlCreateMemoryParserCtxt(bytes, (int)length);
    if (context == NULL) return -1;
    // As XMLPlistReader does: replace the default handler's contents with ours.
    memcpy(context->sax, handler, sizeof(xmlSAXHandler));
    if (user != NULL) context->_private = user;
    xmlCtxtUseOptions(context, XML_PARSE_NONET | XML_PARSE_HUGE);
    xmlParseDocument(context);
    int result = context->wellFormed ? 0 : (context->errNo != 0 ? context->errNo : 1);
    xmlFreeParserCtxt(context);
    return result;
}

int sax2_floor_parse(const char *bytes, size_t length) {
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = floor_start_element;
    handler.endElementNs = floor_end_element;
    handler.characters = floor_characters;
    return run(bytes, length, &handler, NULL);
}

// MARK: - counting pass (verification only)

static void count_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
                        int nb_namespaces, const xmlChar **namespaces, int nb_attributes,
                        int nb_defaulted, const xmlChar **attributes) {
    (void)localname; (void)prefix; (void)URI; (void)nb_namespaces; (void)namespaces;
    (void)nb_attributes; (void)nb_defaulted; (void)attributes;
    xmlParserCtxtPtr context = (xmlParserCtxtPtr)ctx;
    *(long *)context->_private += 1;
}

static void count_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI) {
    (void)localname; (void)prefix; (void)URI;
    xmlParserCtxtPtr context = (xmlParserCtxtPtr)ctx;
    *(long *)context->_private += 1;
}

long sax2_floor_count_events(const char *bytes, size_t length) {
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = count_start;
    handler.endElementNs = count_end;
    handler.characters = floor_characters;
    long events = 0;
    int result = run(bytes, length, &handler, &events);
    return result == 0 ? events : -1;
}
