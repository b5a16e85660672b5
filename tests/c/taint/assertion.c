/* tainted-assertion (GCC 14, CWE-617): an attacker decides whether an
   assertion fails. Off by default in pathwise (real code's asserts are
   mostly on values it bounds in ways the engine does not see); asked for
   here.  */
/* { dg-additional-options "-fplugin-arg-pathwise-enable=tainted-assertion -ftrack-macro-expansion=0" } */
extern void fail (const char *what) __attribute__ ((__noreturn__));

#define CHECK(E) do { if (!(E)) fail (#E); } while (0)

int __attribute__ ((tainted_args)) unchecked_bad (int n)
{
  CHECK (n > 0); /* { dg-warning "use of attacked-controlled value in condition for assertion \\\[CWE-617\\\] \\\[-Wanalyzer-tainted-assertion\\\]" } */
  /* { dg-message "treating 'fail' as an assertion failure handler due to '__attribute__\\(\\(__noreturn__\\)\\)'" "handler" { target *-*-* } .-1 } */
  return n;
}

int __attribute__ ((tainted_args)) sanitized_ok (int n)
{
  if (n < 1 || n > 100)
    return 0;
  CHECK (n > 0); /* { dg-bogus "tainted-assertion" } */
  return n;
}

int not_tainted_ok (int n)
{
  CHECK (n > 0); /* { dg-bogus "tainted-assertion" } */
  return n;
}

int __attribute__ ((tainted_args)) unreachable_bad (unsigned n)
{
  if (n >= 100)
    __builtin_unreachable (); /* { dg-warning "use of attacked-controlled value in condition for assertion" } */
  return (int) n;
}

/* A failure handler that logs first (the Linux kernel's BUG ()).  */
extern int log_message (const char *fmt, ...);
#define BUG() do { log_message ("BUG at %d\n", __LINE__); fail ("BUG"); } while (0)

void __attribute__ ((tainted_args)) bug_on_bad (int n)
{
  if (n > 100) /* { dg-message "use of attacker-controlled value for control flow" } */
    BUG (); /* { dg-warning "-Wanalyzer-tainted-assertion" } */
}

/* A switch whose "impossible" case an attacker can choose.  */
int __attribute__ ((tainted_args)) switch_bad (int n)
{
  switch (n) /* { dg-message "following 'default:' branch" } */
    {
    case 0:
      return 5;
    case 1:
      return 22;
    default:
      __builtin_unreachable (); /* { dg-warning "use of attacked-controlled value in condition for assertion" } */
    }
}

int __attribute__ ((tainted_args)) switch_checked_ok (int n)
{
  if (n < 0 || n > 1)
    return 0;
  switch (n)
    {
    case 0:
      return 5;
    case 1:
      return 22;
    default:
      __builtin_unreachable ();
    }
}
