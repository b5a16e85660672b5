/* The region model's warnings: writes to string literals and const
   objects, shift counts, pointers into returned frames, stale setjmp
   buffers.  */
#include <setjmp.h>
#include <string.h>

/* write-to-string-literal */
void literal_bad (void)
{
  char *s = "text";
  s[0] = 'T'; /* { dg-warning "write to string literal" } */
}

void literal_copy_bad (void)
{
  strcpy ((char *) "abc", "xyz"); /* { dg-warning "write to string literal" } */
}

static char *greeting (void)
{
  return (char *) "hello";
}

void literal_across_bad (void)
{
  char *g = greeting ();
  g[0] = 'H'; /* { dg-warning "write to string literal" } */
}

void array_ok (void)
{
  char s[] = "text";
  s[0] = 'T';
}

/* write-to-const */
const int limit = 10; /* { dg-message "declared here" } */

void const_bad (void)
{
  *(int *) &limit = 20; /* { dg-warning "write to 'const' object 'limit'" } */
}

const char table[4] = "abc"; /* { dg-message "declared here" } */

void const_memset_bad (void)
{
  memset ((char *) table, 0, sizeof table); /* { dg-warning "write to 'const' object 'table'" } */
}

int plain;

void plain_ok (void)
{
  *(int *) &plain = 20;
}

/* shift-count-negative, shift-count-overflow: counts known only on the
   path.  */
int shift_negative_bad (int x)
{
  int n = -1;
  return x << n; /* { dg-warning "shift by negative count \\('-1'\\)" } */
}

int shift_overflow_bad (int x, int wide)
{
  int n = wide ? 40 : 3;
  return x >> n; /* { dg-warning "shift by count \\('40'\\) >= precision of type \\('32'\\)" } */
}

int shift_ok (int x, unsigned n)
{
  if (n >= 32)
    return 0;
  return x << n;
}

/* ...and literal counts, which GCC's own -Wshift-count-* also see.  (From
   GCC 13 on the front end folds the shift away after its warning: nothing
   is left for the analysis.)  */
int shift_literal_overflow_bad (int x)
{
  return x << 32; /* { dg-warning "shift by count \\('32'\\) >= precision of type \\('32'\\)" "" { target { ! gcc13+ } } } */
  /* { dg-warning "left shift count >= width of type" "GCC's own" { target *-*-* } .-1 } */
}

int shift_literal_negative_bad (int x)
{
  return x >> -1; /* { dg-warning "shift by negative count \\('-1'\\)" } */
  /* { dg-warning "right shift count is negative" "GCC's own" { target *-*-* } .-1 } */
}

long shift_literal_ok (long x)
{
  return x << 40; /* { dg-bogus "shift by" } */
}

/* use-of-pointer-in-stale-stack-frame: across functions.  */
int *saved;

static void keep_local (void)
{
  int local = 42;
  saved = &local;
} /* { dg-warning "address of local variable 'local' is still held by 'saved' when 'keep_local' returns" } */

int stale_bad (void)
{
  keep_local ();
  return *saved; /* { dg-warning "dereferencing pointer 'saved' to within stale stack frame \\\[CWE-562\\\]" } */
}

static void point_at (int **out, int *target)
{
  *out = target;
}

int live_ok (void)
{
  int here = 1;
  int *p;
  point_at (&p, &here);
  return *p;
}

/* stale-setjmp-buffer */
static jmp_buf env;

static void arm (void)
{
  setjmp (env);
}

void stale_jump_bad (void)
{
  arm ();
  longjmp (env, 1); /* { dg-warning "'longjmp' called after enclosing function of 'setjmp' has returned" } */
}

void live_jump_ok (int again)
{
  if (setjmp (env))
    return;
  if (again)
    longjmp (env, 1);
}

/* Across functions: a helper writes through what its caller gives it,
   or shifts by what its caller computed.  */
static void zero_first (char *p)
{
  p[0] = 0; /* { dg-warning "write to 'const' object 'limits'" } */
}

const char limits[2] = "x"; /* { dg-message "declared here" } */

void const_across_bad (void)
{
  zero_first ((char *) limits);
}

void const_across_ok (void)
{
  char mine[2] = "x";
  zero_first (mine);
}

static unsigned scale (unsigned v, int by)
{
  return v << by; /* { dg-warning "shift by count \\('33'\\) >= precision of type \\('32'\\)" } */
}

unsigned shift_across_bad (unsigned v)
{
  return scale (v, 33); /* every call passes 33 */
}
