/* possible-null-argument and null-argument: NULL given where the callee's
   declaration says __attribute__((nonnull)) (glibc's string functions).  */
#include <stdlib.h>
#include <string.h>

extern void take (void *q) __attribute__((nonnull)); /* { dg-message "argument 1 of 'take' must be non-null" } */

void unchecked_to_strcpy_bad (const char *s)
{
  char *p = malloc (strlen (s) + 1); /* { dg-message "\\(1\\) this call could return NULL" } */
  strcpy (p, s); /* { dg-warning "use of possibly-NULL 'p' where non-null expected \\\[CWE-690\\\]" } */
  /* { dg-message "\\(2\\) argument 1 \\('p'\\) from \\(1\\) could be NULL where non-null expected" "" { target *-*-* } .-1 } */
  free (p);
}

void null_constant_bad (const char *s)
{
  char *p = NULL; /* { dg-message "'p' is NULL" } */
  strcpy (p, s); /* { dg-warning "use of NULL 'p' where non-null expected \\\[CWE-476\\\]" } */
}

void assumed_null_bad (void)
{
  void *p = malloc (4);
  if (!p)
    {
      take (p); /* { dg-warning "use of NULL 'p' where non-null expected" } */
      return;
    }
  free (p);
}

void checked_ok (const char *s)
{
  char *p = malloc (strlen (s) + 1);
  if (!p)
    return;
  strcpy (p, s);
  free (p);
}

void nullable_parameter_ok (void *q)
{
  free (q); /* free accepts NULL */
}

/* NULL written in the call itself: no expression to name.  */
size_t literal_to_strlen_bad (void)
{
  return strlen (NULL); /* { dg-warning "use of NULL where non-null expected \\\[CWE-476\\\]" } */
  /* { dg-message "\\(1\\) argument 1 NULL where non-null expected" "event" { target *-*-* } .-1 } */
}

void literal_to_declared_bad (void)
{
  take (NULL); /* { dg-warning "use of NULL where non-null expected" } */
}

void literal_to_strcat_bad (const char *s)
{
  strcat (NULL, s); /* { dg-warning "use of NULL where non-null expected" } */
}
