/*===- HclLanguageAbi14.c - The HCL grammar, presented at ABI 14 ---------===*
 *
 * The tree-sitter HCL grammar is published on npm only as generated at
 * grammar ABI 15; Debian 12's libtree-sitter 0.20.7 loads ABI 13-14. The two
 * layouts of TSLanguage share their first fields, in the same order and of
 * the same types, up to and including primary_state_ids; ABI 15 appends its
 * own (name, reserved words, supertypes, metadata), and widens each lex mode
 * by a reserved-word set id. A grammar without reserved words (HCL has none:
 * cmake/TreeSitterGrammars.cmake checks `max_reserved_word_set_size = 0`)
 * therefore runs on the ABI 14 runtime once its lex modes are narrowed.
 *
 * This file sees only Debian's ABI 14 parser.h; the ABI 15 language is
 * compiled from the package's parser.c in its own translation unit.
 *===----------------------------------------------------------------------===*/
#include <tree_sitter/parser.h>

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The package's entry point; its TSLanguage is the ABI 15 one. */
const void *tree_sitter_hcl(void);

/* An ABI 15 lex mode (TSLexerMode in the package's parser.h). */
typedef struct {
  uint16_t lex_state;
  uint16_t external_lex_state;
  uint16_t reserved_word_set_id;
} Abi15LexMode;

static TSLanguage Adapted;
static const TSLanguage *AdaptedOrNull;
static pthread_once_t Once = PTHREAD_ONCE_INIT;

static void adapt(void) {
  const void *Abi15 = tree_sitter_hcl();
  uint32_t Version;
  memcpy(&Version, Abi15, sizeof Version);
  if (Version != 15)
    return; /* not the layout this adapter knows */
  memcpy(&Adapted, Abi15, sizeof Adapted); /* the shared prefix */
  TSLexMode *Modes = malloc(sizeof(TSLexMode) * Adapted.state_count);
  if (!Modes)
    return;
  const Abi15LexMode *Wide = (const Abi15LexMode *)(const void *)Adapted.lex_modes;
  for (uint32_t I = 0; I < Adapted.state_count; ++I) {
    Modes[I].lex_state = Wide[I].lex_state;
    Modes[I].external_lex_state = Wide[I].external_lex_state;
  }
  Adapted.version = 14;
  Adapted.lex_modes = Modes;
  AdaptedOrNull = &Adapted;
}

/* The HCL language for the ABI 14 runtime, or NULL if it cannot be. */
const TSLanguage *nosqlint_tree_sitter_hcl(void) {
  pthread_once(&Once, adapt);
  return AdaptedOrNull;
}
