/* Issue 33, item 1: a loop's guard that computes a sum of a value the
   loop does not change ("i < n - 1", "w < maxW + 1") computes the same
   value at every test, and in the next loop with the same guard: what one
   test learned holds at the next.  Two loops over the same range fill and
   then read an array (zstd's rankVal tables); a second loop that goes one
   further reads what the first never wrote.  */

int filled_then_read_ok (int n)
{
  int a[17];
  int i;
  for (i = 0; i < n - 1; i++)
    a[i] = i;
  for (i = 0; i < n - 1; i++)
    if (a[i]) /* { dg-bogus "uninitialized" } */
      return 1;
  return 0;
}

unsigned unsigned_bound_ok (unsigned max)
{
  unsigned v[17];
  unsigned w, sum = 0;
  for (w = 1; w < max + 1; w++)
    v[w] = w;
  for (w = 1; w < max + 1; w++)
    sum += v[w]; /* { dg-bogus "uninitialized" } */
  return sum;
}

int one_further_bad (int n)
{
  int a[17];
  int i, sum = 0;
  for (i = 0; i < n - 1; i++)
    a[i] = i;
  for (i = 0; i < n; i++)
    sum += a[i]; /* { dg-warning "use of uninitialized value" } */
  return sum;
}

/* One shifted left by any count the shift defines is not 0: a loop that
   steps through groups of "1u << bits" entries advances (brotli's
   distance codes).  Two shifted left may lose its bit (2u << 31).  */
void fill_groups_ok (unsigned char *d, unsigned bits, unsigned limit)
{
  unsigned group = 1u << bits;
  unsigned i = 0, j;
  while (i < limit) /* { dg-bogus "infinite loop" } */
    for (j = 0; j < group; ++j)
      d[i++] = 1;
}

void fill_pairs_bad (unsigned char *d, unsigned bits, unsigned limit)
{
  unsigned group = 2u << bits;
  unsigned i = 0, j;
  while (i < limit) /* { dg-warning "infinite loop" } */
    for (j = 0; j < group; ++j)
      d[i++] = 1;
}
