/* Project facts test: an error reporter that ends the program when told to
   (through exit_hook.c's leave), and allocators built on it. */
#include <stdio.h>
#include <stdlib.h>

void leave (int status);       /* in exit_hook.c */

static void report (int fatal, const char *msg)
{
  fprintf (stderr, "%s\n", msg);
  if (fatal)
    leave (2);
}

void fatal (const char *msg)   /* never returns: report (1, ...) leaves */
{
  report (1, msg);
}

void warn (const char *msg)    /* returns */
{
  report (0, msg);
}

void *xmalloc (size_t n)       /* never gives NULL */
{
  void *p = malloc (n);
  if (!p)
    fatal ("out of memory");
  return p;
}

void *try_alloc (size_t n)     /* may give NULL */
{
  void *p = malloc (n);
  if (!p)
    warn ("out of memory");
  return p;
}
