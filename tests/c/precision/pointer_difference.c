/* Issue 33, item 1: the distance between two places of one object is
   known when both are a known number of bytes from its start (a printf
   builtin counts the arguments it stored by "param - array", dash's
   PF/ASPF); a switch on it takes only the case that distance selects.  */
#include <stdio.h>
#include <stddef.h>

int stored_arguments_ok (const char *fmt, int a, int b, int have_a, int have_b)
{
  int array[2];
  int *param = array;
  if (have_a)
    *param++ = a;
  if (have_b)
    *param++ = b;
  switch ((char *) param - (char *) array)
    {
    case 0:
      return printf (fmt, 0);
    case sizeof (int):
      return printf (fmt, array[0]); /* { dg-bogus "uninitialized" } */
    default:
      return printf (fmt, array[0], array[1]); /* { dg-bogus "uninitialized" } */
    }
}

/* The distance selects the case: the one it cannot select is not
   taken, the one it selects is.  */
int unreachable_case_ok (int wide)
{
  char buf[8];
  char *q = buf;
  int *none = NULL;
  if (wide)
    q += 4;
  switch (q - buf)
    {
    case 0:
    case 4:
      return 1;
    default:
      return *none; /* { dg-bogus "NULL" } */
    }
}

int selected_case_bad (int wide)
{
  char buf[8];
  char *q = buf;
  int *none = NULL;
  if (wide)
    q += 4;
  switch (q - buf)
    {
    case 4:
      return 1;
    default:
      return *none; /* { dg-warning "dereference of NULL 'none'" } */
    }
}

/* A caller with no arguments passes NULL twice: NULL - NULL is 0.  */
static int print_with (const char *fmt, int *array, int *param)
{
  switch (param - array)
    {
    case 0:
      return printf ("%s", fmt);
    default:
      return printf (fmt, array[0]); /* { dg-bogus "NULL" } */
    }
}

int no_arguments_ok (const char *fmt)
{
  return print_with (fmt, NULL, NULL);
}
