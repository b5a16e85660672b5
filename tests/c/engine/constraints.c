/* What branches teach about integers (Engine v2, item 5): exclusions,
   case ranges, and the forms GCC rewrites comparisons into.  */
#include "../analyzer-decls.h"

extern void use (int);

/* The default of one switch excludes its cases; a later "case 0 ... 1"
   then cannot be reached from that default.  */
int switch_exclusions_ok (int cmd)
{
  int v;
  switch (cmd)
    {
    case 0: v = 0; break;
    case 1: v = 1; break;
    case 30 ... 50: v = 2; break;
    }
  switch (cmd)
    {
    case 0 ... 1:
      return v;
    default:
      return -1;
    }
}

int switch_exclusions_bad (int cmd)
{
  int v; /* { dg-message "region created on stack here" } */
  switch (cmd)
    {
    case 0: v = 0; break;
    case 30 ... 50: v = 2; break;
    }
  switch (cmd)
    {
    case 0 ... 1:
      return v; /* { dg-warning "use of uninitialized value 'v'" } */
    default:
      return -1;
    }
}

/* "int x = x;" tells the compiler the variable is meant to start unset
   (-Winit-self): it is not a use.  */
unsigned long init_self_ok (void)
{
  unsigned long r = r;
  __asm__ ("" : "=r" (r));
  return r;
}

/* Range tests, as GCC folds "i < 5 || i > 19" (at -O1 and above) and a
   lone "case 5 ... 19:" (always): "(unsigned) (i - 5) > 14".  */
void range_test_out (int i)
{
  if (i < 5 || i > 19)
    {
      __analyzer_eval (i >= 5 && i <= 19); /* { dg-warning "FALSE" } */
      return;
    }
  __analyzer_eval (i >= 5); /* { dg-warning "TRUE" } */
  __analyzer_eval (i <= 19); /* { dg-warning "TRUE" } */
}

int range_case (int i)
{
  switch (i)
    {
    case -20 ... -10:
      __analyzer_eval (i < 0); /* { dg-warning "TRUE" } */
      return 1;
    default:
      __analyzer_eval (i == -15); /* { dg-warning "FALSE" } */
      return 0;
    }
}

/* "a == NULL || b == NULL", one combined test at -O1 and above: past it,
   neither is NULL.  */
#include <stdlib.h>
int both_checked_ok (void)
{
  char *a = malloc (4);
  char *b = malloc (4);
  int r = 0;
  if (a == NULL || b == NULL)
    goto out;
  *a = 1; /* no possibly-NULL dereference: checked */
  *b = 2;
  r = *a + *b;
out:
  free (a);
  free (b);
  return r;
}

/* A value moved by a constant keeps what is known of the value
   ("n = i + 1", then "n - 1" is i again).  */
void sum_keeps_relation (int i)
{
  int n = i + 1;
  if (i == 0)
    {
      __analyzer_eval (n == 1); /* { dg-warning "TRUE" } */
      __analyzer_eval (0 < n - 1); /* { dg-warning "FALSE" } */
    }
  __analyzer_eval (n > i); /* { dg-warning "TRUE" } */
  if (n > 10)
    __analyzer_eval (i >= 10); /* { dg-warning "TRUE" } */
}

int sum_bound_ok (int k)
{
  int v; /* set only when k < 4 */
  int last = k - 1;
  if (k < 4)
    v = 7;
  if (last < 3)
    return v; /* last < 3 means k < 4: set */
  return 0;
}

/* A value divided, shifted, reduced or masked by a constant keeps its tie
   to the value ("blocks = length / 16" before "length" is checked).  */
extern void process (unsigned char *);
int derived_before_check_ok (unsigned long length)
{
  unsigned long blocks = length / 16;
  unsigned long leftover = length & 15;
  unsigned char saved[16];
  if (length < 16 || length > 4096)
    return -1;
  while (blocks--)
    if (blocks == 0)
      process (saved); /* writes it */
  __analyzer_eval (leftover <= 15); /* { dg-warning "TRUE" } */
  return saved[0]; /* set: blocks was at least 1 */
}

/* A comparison's value kept in a variable is 0 or 1, whatever it compared.  */
extern void keep (int);
void comparison_value (int type)
{
  int t = type == 1;
  keep (t);
  __analyzer_eval (t >= 0); /* { dg-warning "TRUE" } */
  __analyzer_eval (t <= 1); /* { dg-warning "TRUE" } */
  __analyzer_eval (t == 1); /* { dg-warning "UNKNOWN" } */
}
