/* putenv keeps the pointer it is given: a buffer on the stack dangles
   once the function returns (GCC 13's putenv-of-auto-var, CERT POS34-C).  */
#include <stdio.h>
#include <stdlib.h>

void auto_bad (const char *value)
{
  char buf[100]; /* { dg-message "'buf' declared on stack here" } */
  snprintf (buf, sizeof buf, "NAME=%s", value);
  putenv (buf); /* { dg-warning "'putenv' on a pointer to automatic variable 'buf' \\\[POS34-C\\\] \\\[-Wanalyzer-putenv-of-auto-var\\\]" } */
  /* { dg-message "perhaps use 'setenv' rather than 'putenv'" "note" { target *-*-* } .-1 } */
}

void alloca_bad (const char *value)
{
  char *buf = __builtin_alloca (100); /* { dg-message "region created on stack here" } */
  snprintf (buf, 100, "NAME=%s", value);
  putenv (buf); /* { dg-warning "'putenv' on a pointer to an on-stack buffer" } */
}

static char kept[100];
void static_ok (const char *value)
{
  snprintf (kept, sizeof kept, "NAME=%s", value);
  putenv (kept);
}

void heap_ok (const char *value)
{
  char *buf = malloc (100);
  if (!buf)
    return;
  snprintf (buf, 100, "NAME=%s", value);
  putenv (buf); /* { dg-bogus "leak" } */
}

void literal_ok (void)
{
  putenv ("NAME=value");
}
