/* Globals and statics (Engine v2, item 1): what no code can change keeps
   its value, what an unknown call can change does not.  */
#include <stdlib.h>
#include "../analyzer-decls.h"

extern void unknown (void);
extern int decide (void);

/* Never written, address never taken: its initializer is its value,
   whatever the unknown call does.  */
static int use_cache = 1;

void never_written_static_ok (void)
{
  char *p = malloc (10);
  unknown ();
  if (use_cache)
    free (p);
  /* use_cache == 0 is impossible: no leak on a dead branch.  */
}

static int verbose;  /* zero: nothing writes it */

void zero_static_ok (void)
{
  int *q = NULL;
  unknown ();
  if (verbose)
    *q = 1; /* never reached */
}

/* A const object keeps its value across calls.  */
extern const int FIVE;
static const int LIMIT = 8;

void const_keeps_value (void)
{
  int a = FIVE;
  int b = LIMIT;
  unknown ();
  __analyzer_eval (a == FIVE); /* { dg-warning "TRUE" } */
  __analyzer_eval (LIMIT == 8); /* { dg-warning "TRUE" } */
  __analyzer_eval (b == 8); /* { dg-warning "TRUE" } */
}

/* A global anyone can write: an unknown call may change it.  */
int shared_flag = 1;

void external_global_may_change (void)
{
  int before = shared_flag;
  unknown ();
  __analyzer_eval (before == shared_flag); /* { dg-warning "UNKNOWN" } */
}

/* A static that is written somewhere is not a constant.  */
static int mode = 1;
void set_mode (int m) { mode = m; }

void written_static_may_change_bad (void)
{
  char *p = malloc (10);
  unknown ();
  if (mode)
    free (p);
} /* { dg-warning "leak of 'p'" } */

/* A static function that returns one constant: its result is known.  */
static int returns_true (void) { return 1; }

void static_constant_function_ok (void)
{
  char *p = malloc (10);
  if (returns_true ())
    free (p);
}

/* A NULL dereference behind a flag that is set: reported.  */
static int enabled = 1;

void null_behind_set_flag_bad (void)
{
  int *q = NULL;
  unknown ();
  if (enabled)
    *q = 1; /* { dg-warning "dereference of NULL 'q'" } */
}
