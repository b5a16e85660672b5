/* jump-through-null (GCC 13, CWE-476): a call through a function pointer
   that is NULL on the path.  */
#include <stddef.h>

typedef void (*handler) (void);

void unset_bad (void)
{
  handler h = NULL;
  h (); /* { dg-warning "jump through null pointer \\\[CWE-476\\\] \\\[-Wanalyzer-jump-through-null\\\]" } */
}

void one_way_bad (int flag, handler set)
{
  handler h = NULL;
  if (flag)
    h = set;
  h (); /* { dg-warning "jump through null pointer" } */
}

void checked_ok (handler h)
{
  if (h)
    h (); /* { dg-bogus "jump through null" } */
}

void unknown_ok (handler h)
{
  h ();
}
