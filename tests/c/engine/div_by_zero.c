/* div-by-zero (CWE-369): an integer divisor the path knows is zero.  */
static int none (void)
{
  return 0;
}

int returned_zero_bad (int x)
{
  int d = none ();
  return x / d; /* { dg-warning "division by zero \\\[CWE-369\\\] \\\[-Wanalyzer-div-by-zero\\\]" } */
}

/* A divisor a branch found zero, where another value computed from it
   before decides: not reported (the engine does not keep len = n * size).  */
unsigned long product_ok (unsigned long n, unsigned long size)
{
  unsigned long len = n * size;
  if (size && len / size != n)
    return 0;
  return len ? len / size : 0;
}

int variable_bad (int x)
{
  int z = 0;
  return x % z; /* { dg-warning "division by zero" } */
  /* { dg-message "division by 'z', which is zero here" "event" { target *-*-* } .-1 } */
}

int checked_ok (int x, int d)
{
  if (d == 0)
    return 0;
  return x / d;
}

int unknown_ok (int x, int d)
{
  return x / d;
}

double floating_ok (double x)
{
  double z = 0.0;
  return x / z; /* { dg-bogus "division by zero" } */
}
