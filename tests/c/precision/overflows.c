/* Issue 33, item 9: simple true overflows the path proves.  */
/* { dg-additional-options "-Wno-aggressive-loop-optimizations -Wno-stringop-overflow -Wno-array-bounds" } */
#include <stdlib.h>
#include <string.h>

void symbolic_index_bad (size_t n)
{
  char *p = malloc (n);
  if (!p)
    return;
  p[n] = 0; /* { dg-warning "heap-based buffer overflow" } */
  free (p);
}

void symbolic_index_ok (size_t n)
{
  char *p = malloc (n + 1);
  if (!p)
    return;
  p[n] = 0; /* { dg-bogus "overflow" } */
  free (p);
}

char *copy_without_terminator_bad (const char *s)
{
  char *d = malloc (strlen (s));
  if (!d)
    return NULL;
  strcpy (d, s); /* { dg-warning "heap-based buffer overflow" } */
  return d;
}

char *copy_ok (const char *s)
{
  char *d = malloc (strlen (s) + 1);
  if (!d)
    return NULL;
  strcpy (d, s); /* { dg-bogus "overflow" } */
  return d;
}

void copy_into_chosen_bad (int which, const char *s)
{
  char small[4], big[32];
  char *p = which ? small : big;
  memcpy (p, s, 16); /* { dg-warning "stack-based buffer overflow" } */
  (void) small;
  (void) big;
}

void copy_into_chosen_ok (int which, const char *s)
{
  char small[4], big[32];
  char *p = which ? big : big + 8;
  memcpy (p, s, 16); /* { dg-bogus "overflow" } */
  (void) small;
}

/* Not yet: each needs the counter's last iteration as a path of its own
   (the loop is widened before it), or a constant index proven past the end
   on a path whose earlier loop was widened.  */
int FN_off_by_one_loop (void)
{
  int a[10];
  for (int i = 0; i <= 10; i++)
    a[i] = i; /* { dg-warning "stack-based buffer overflow" "" { xfail *-*-* } } */
  return a[3];
}

int FN_constant_index_after_loop (void)
{
  char b[16];
  for (int i = 0; i < 16; i++)
    b[i] = (char) i;
  return b[16]; /* { dg-warning "stack-based buffer over-read" "" { xfail *-*-* } } */
}
