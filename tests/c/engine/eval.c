/* What the engine knows, asked through __analyzer_eval.  */
#include <stddef.h>
#include <stdlib.h>
#include "../analyzer-decls.h"

extern int opaque (void);
extern int pure_fn (int) __attribute__ ((const));

void ranges (int x)
{
  if (x > 3)
    {
      __analyzer_eval (x > 2); /* { dg-warning "TRUE" } */
      __analyzer_eval (x == 5); /* { dg-warning "UNKNOWN" } */
      __analyzer_eval (x <= 3); /* { dg-warning "FALSE" } */
    }
  __analyzer_eval (x > 3); /* { dg-warning "UNKNOWN" "true on one path, false on the other" } */
}

void relations (int i, int n)
{
  if (i < n)
    __analyzer_eval (n > i); /* { dg-warning "TRUE" } */
}

struct s { int *p; int len; };

void memory_through_pointers (struct s *a)
{
  a->len = 7;
  __analyzer_eval (a->len == 7); /* { dg-warning "TRUE" } */
  opaque ();
  __analyzer_eval (a->len == 7); /* { dg-warning "UNKNOWN" "an unknown call may write there" } */
}

extern void keep_const (const struct s *);
extern void keep_any (struct s *);

void memory_through_pointers_to_const (const struct s *a, int n)
{
  if (a->len != n)
    return;
  opaque ();
  __analyzer_eval (a->len == n); /* { dg-warning "TRUE" "a pointer to const parameter: unchanged where it did not go" } */
  keep_const (a);
  __analyzer_eval (a->len == n); /* { dg-warning "TRUE" "given as a pointer to const" } */
  keep_any ((struct s *) a);
  opaque ();
  __analyzer_eval (a->len == n); /* { dg-warning "UNKNOWN" "its pointer went to unknown code" } */
}

void locals_and_calls (void)
{
  int x = 4;
  int *px = &x;
  __analyzer_eval (*px == 4); /* { dg-warning "TRUE" } */
  __analyzer_eval (pure_fn (3) == pure_fn (3)); /* { dg-warning "TRUE" } */
  __analyzer_eval (opaque () == opaque ()); /* { dg-warning "UNKNOWN" } */
}

void heap_is_not_a_variable (void)
{
  int local;
  int *p = malloc (sizeof (int));
  __analyzer_eval (p != &local); /* { dg-warning "TRUE" } */
  free (p);
}

void path_to_here (int c)
{
  if (c)
    __analyzer_dump_path (); /* { dg-message "path" } */
}

/* __analyzer_dump_exploded_nodes: how many different states reach it.  */
void one_state (void)
{
  __analyzer_dump_exploded_nodes (0); /* { dg-warning "^1 processed enode$" } */
}

void two_states (int c)
{
  int x = 0;
  if (c)
    x = 1;
  __analyzer_dump_exploded_nodes (0); /* { dg-warning "^2 processed enodes$" } */
  __analyzer_eval (x == 0 || x == 1); /* { dg-warning "TRUE" } */
}
