/* At -O2 the findings are those of -O0 (Engine v2, item 6): bodies are
   analysed as written, before GCC's optimizations remove what they
   consider dead (an allocation nothing uses, a stream only stored).  */
/* { dg-options "-O2" } */
#include <stdio.h>
#include <stdlib.h>

void unused_allocation_bad (void)
{
  char *p = malloc (10); /* { dg-message "allocated here" } */
} /* { dg-warning "leak of 'p'" } */

void stream_only_stored_bad (const char *name)
{
  FILE *f = fopen (name, "r"); /* { dg-message "opened here" } */
} /* { dg-warning "leak of FILE 'f'" } */

void freed_twice_bad (void)
{
  char *p = malloc (10);
  free (p); /* { dg-message "first 'free' here" } */
  free (p); /* { dg-warning "double-'free' of 'p'" } */
}

void used_ok (void)
{
  char *p = malloc (10);
  free (p);
}
