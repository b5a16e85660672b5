/* Whole-program test (-flto): a double free split across two files, and
   static functions of one name in both files. */
#include <stdlib.h>

void release (void *p);        /* frees p: in helpers.c */
void *make_buffer (int n);     /* allocates: in helpers.c */
void drop_kept (void *p);      /* keeps nothing: in helpers.c */

/* Not helpers.c's 'forget', which frees. */
static void forget (char *p) { (void) p; }

void use_buffer (void)
{
  char *b = make_buffer (4);
  drop_kept (b);
}                  /* b leaks: nothing freed what make_buffer allocated */

int main (void)
{
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
