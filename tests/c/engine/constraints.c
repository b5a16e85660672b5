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
