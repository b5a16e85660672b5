/* Whole-program test (-flto): a double free split across two files,
   static functions of one name in both files, and a global of the other
   file that nothing writes. */
#include <stdlib.h>

void release (void *p);        /* frees p: in helpers.c */
void *make_buffer (int n);     /* allocates: in helpers.c */
void drop_kept (void *p);      /* keeps nothing: in helpers.c */
void set_trace (int on);       /* writes trace_level: in helpers.c */
extern int debug_level;        /* 0, and nothing writes it: in helpers.c */
extern int trace_level;        /* 0 until set_trace: in helpers.c */
extern int quiet;              /* its address is in helpers.c's quiet_flag */

/* Not helpers.c's 'forget', which frees. */
static void forget (char *p) { (void) p; }

void use_buffer (void)
{
  char *b = make_buffer (4);
  drop_kept (b);
}                  /* b leaks: nothing freed what make_buffer allocated */

char *cache_entry (void)
{
  char *p = malloc (8);
  if (!p)
    return 0;
  if (debug_level > 0)
    return 0;      /* never: debug_level stays 0 (no leak) */
  return p;
}

char *traced_entry (void)
{
  char *p = malloc (8);
  if (!p)
    return 0;
  if (trace_level > 0)
    return 0;      /* leak of p: set_trace may have set trace_level */
  return p;
}

char *quiet_entry (void)
{
  char *p = malloc (8);
  if (!p)
    return 0;
  if (quiet)
    return 0;      /* leak of p: quiet may be written through its address */
  return p;
}

int main (void)
{
  set_trace (1);
  free (cache_entry ());
  free (traced_entry ());
  free (quiet_entry ());

  char *p = malloc (10);
  if (!p)
    return 1;
  release (p);
  free (p);        /* double free: release already freed p */

  char *q = malloc (10);
  if (!q)
    return 1;
  forget (q);
  free (q);        /* fine: this file's forget keeps q */
  return 0;
}
