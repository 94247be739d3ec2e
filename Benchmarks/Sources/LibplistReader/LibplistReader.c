#include "LibplistReader.h"

#include <stdint.h>
#include <stdlib.h>
#include <plist/plist.h>

void *libplist_read_binary(const char *bytes, size_t length) {
    if (bytes == NULL || length >= UINT32_MAX) return NULL;
    plist_t root = NULL;
    plist_from_bin(bytes, (uint32_t)length, &root);
    return root;
}

void libplist_free(void *tree) {
    if (tree != NULL) plist_free((plist_t)tree);
}

long libplist_count_nodes(void *tree) {
    if (tree == NULL) return -1;
    // An explicit stack, so that a deep tree cannot overflow the C stack.
    size_t capacity = 64, depth = 0;
    plist_t *stack = malloc(capacity * sizeof *stack);
    if (stack == NULL) return -1;
    long count = 0;
    stack[depth++] = tree;
    while (depth > 0) {
        plist_t node = stack[--depth];
        count += 1;
        plist_type type = plist_get_node_type(node);
        uint32_t children = 0;
        if (type == PLIST_ARRAY) children = plist_array_get_size(node);
        if (type == PLIST_DICT) {
            children = plist_dict_get_size(node);
            count += children; // the key nodes
        }
        if (children == 0) continue;
        if (depth + children > capacity) {
            while (depth + children > capacity) capacity *= 2;
            plist_t *grown = realloc(stack, capacity * sizeof *stack);
            if (grown == NULL) { free(stack); return -1; }
            stack = grown;
        }
        if (type == PLIST_ARRAY) {
            for (uint32_t i = 0; i < children; i++) stack[depth++] = plist_array_get_item(node, i);
        } else {
            plist_dict_iter iterator = NULL;
            plist_dict_new_iter(node, &iterator);
            char *key = NULL;
            plist_t value = NULL;
            for (uint32_t i = 0; i < children; i++) {
                plist_dict_next_item(node, iterator, &key, &value);
                free(key);
                key = NULL;
                if (value != NULL) stack[depth++] = value;
            }
            free(iterator);
        }
    }
    free(stack);
    return count;
}
