/* The address of a local still held by a global when its function
   returns (CWE-562), reported where it escapes; a later use through it,
   read or write, is use-of-pointer-in-stale-stack-frame. */
int *g;
struct holder
{
  int *p;
} gs;

static void keep (void)
{
  int x = 1; /* { dg-message "'x' declared here" } */
  g = &x;
} /* { dg-warning "address of local variable 'x' is still held by 'g' when 'keep' returns \\\[CWE-562\\\]" } */

void write_through_stale (void)
{
  keep ();
  *g = 2; /* { dg-warning "dereferencing pointer 'g' to within stale stack frame" } */
}

void into_a_field (void)
{
  int y;
  gs.p = &y;
} /* { dg-warning "address of local variable 'y' is still held by 'gs.p' when 'into_a_field' returns" } */

void reset_before_return_ok (void)
{
  int z;
  g = &z;
  *g = 1;
  g = 0;
} /* { dg-bogus "still held" } */

int main (void)
{
  int m;
  g = &m; /* { dg-bogus "still held" "main's locals live as long as the program" } */
  return 0;
}
