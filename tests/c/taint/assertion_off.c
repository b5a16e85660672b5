/* tainted-assertion is off unless asked for.  */
extern void fail (void) __attribute__ ((__noreturn__));

int __attribute__ ((tainted_args)) default_off (int n)
{
  if (n <= 0)
    fail (); /* { dg-bogus "tainted-assertion" } */
  return n;
}
