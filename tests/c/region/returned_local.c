/* "return buf;" for a local array: GCC's front end warns
   (-Wreturn-local-addr) and makes the function return NULL instead, so the
   caller's dereference is of NULL; the path says why.  */
/* { dg-additional-options "-Wno-return-local-addr" } */
#include <string.h>

static char *name (void)
{
  char buf[16];
  strcpy (buf, "x");
  return buf;
}

int use_bad (void)
{
  char *p = name (); /* { dg-message "'p' is NULL \\('name' returns the address of its local 'buf', which the compiler turns into NULL\\)" } */
  return *p; /* { dg-warning "dereference of NULL 'p'" } */
}

static char *nothing (void)
{
  return NULL;
}

/* A NULL returned on purpose is told as such.  */
int returned_null_bad (void)
{
  char *p = nothing (); /* { dg-message "'p' is NULL \\(returned by 'nothing'\\)" } */
  return *p; /* { dg-warning "dereference of NULL 'p'" } */
}
