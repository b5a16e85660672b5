/* va_list misuse (GCC 13's va-list-leak, va-list-use-after-va-end,
   va-list-exhausted, va-arg-type-mismatch), through <stdarg.h>'s macros:
   told at the user's line.  */
#include <stdarg.h>

int sum_ok (int n, ...)
{
  va_list ap;
  int s = 0;
  va_start (ap, n);
  for (int i = 0; i < n; i++)
    s += va_arg (ap, int);
  va_end (ap);
  return s;
}

int missing_end_bad (int n, ...)
{
  va_list ap;
  va_start (ap, n); /* { dg-message "\\(1\\) 'va_start' called here" } */
  int first = va_arg (ap, int);
  return first;
} /* { dg-warning "missing call to 'va_end' \\\[CWE-401\\\] \\\[-Wanalyzer-va-list-leak\\\]" } */

void arg_after_end_bad (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  va_end (ap); /* { dg-message "'va_end' called here" } */
  (void) va_arg (ap, int); /* { dg-warning "'va_arg' after 'va_end' \\\[-Wanalyzer-va-list-use-after-va-end\\\]" } */
}

void copy_leak_bad (int n, ...)
{
  va_list ap, copy;
  va_start (ap, n);
  va_copy (copy, ap); /* { dg-message "'va_copy' called here" } */
  va_end (ap);
} /* { dg-warning "missing call to 'va_end'" } */

void never_started_bad (int n, ...)
{
  va_list ap; /* { dg-message "region created on stack here" } */
  (void) va_arg (ap, int); /* { dg-warning "use of uninitialized value 'ap'" } */
}

/* Through known callers: more va_arg than arguments, or another type.  */
static int take_two (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  int a = va_arg (ap, int);
  int b = va_arg (ap, int); /* { dg-warning "'ap' has no more arguments \\(1 consumed\\) \\\[CWE-685\\\]" } */
  va_end (ap);
  return a + b;
}

int too_few_bad (void)
{
  return take_two (0, 1);
}

int enough_ok (void)
{
  return take_two (0, 1, 2);
}

static const char *take_string (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  const char *s = va_arg (ap, const char *); /* { dg-warning "'va_arg' expected 'const char \\*' but received 'int' for variadic argument 1 of 'ap' \\\[CWE-686\\\]" } */
  va_end (ap);
  return s;
}

const char *wrong_type_bad (void)
{
  return take_string (0, 42);
}

const char *right_type_ok (void)
{
  return take_string (0, "x");
}

/* A va_list handed to a helper walks the caller's arguments.  */
static int next_int (va_list *ap)
{
  return va_arg (*ap, int);
}

static int first_of (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  int v = next_int (&ap);
  va_end (ap);
  return v;
}

int helper_value_ok (void)
{
  return 10 / first_of (0, 5);
}
