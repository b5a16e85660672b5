/* Issue 33, item 7: a function of this file every return of which gives
   the result of a call that never gives NULL (returns_nonnull, or proven
   so), or an address, never gives NULL either, also where the analysis
   does not step into it (tmux's cmd_parse_new_commands around xmalloc: a
   parser returns NULL only after it wrote the error).  A wrapper that may
   give its allocator's NULL still may.  */
#include <stdlib.h>
#include "../analyzer-decls.h"

extern void *xmalloc (size_t) __attribute__ ((returns_nonnull));
extern int yyparse (void);

static void *new_commands (void) { return xmalloc (16); }
static void *new_or_default (int k)
{
  static char fallback[16];
  return k ? new_commands () : fallback;
}
static void *may_fail (void) { return malloc (16); }

static void *run_parser (char **cause)
{
  if (yyparse () != 0)
    {
      *cause = "syntax error";
      return NULL;
    }
  return new_commands ();
}

const char *parse_ok (void)
{
  char *cause;
  void *cmds = run_parser (&cause);
  if (cmds == NULL)
    return cause; /* { dg-bogus "uninitialized" } */
  free (cmds);
  return NULL;
}

void wrappers (int k)
{
  void *p = new_or_default (k);
  __analyzer_eval (p != NULL); /* { dg-warning "TRUE" } */
  void *q = may_fail ();
  __analyzer_eval (q != NULL); /* { dg-warning "UNKNOWN" } */
  free (q);
}
