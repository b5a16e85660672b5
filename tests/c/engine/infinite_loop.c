/* A loop that, once it goes round one way, goes round that way for ever,
   doing nothing anyone could see (GCC 14's infinite-loop, CWE-835).  */
#include <stddef.h>

extern int work (void);
int counter;
volatile int ready;

struct node { struct node *next; int val; };

int sum_missing_next_bad (struct node *n)
{
  int sum = 0;
  while (n) /* { dg-warning "infinite loop \\\[CWE-835\\\] \\\[-Wanalyzer-infinite-loop\\\]" } */
    /* { dg-message "when 'n' is non-NULL: always following 'true' branch\\.\\.\\." "" { target *-*-* } .-1 } */
    sum += n->val; /* { dg-message "looping back\\.\\.\\." } */
  return sum;
}

int sum_ok (struct node *n)
{
  int sum = 0;
  for (; n; n = n->next)
    sum += n->val;
  return sum;
}

/* The wrong counter: j never changes.  */
int copy_paste_bad (int m, int n)
{
  int last[2] = { 0, 0 };
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; i++) /* { dg-warning "infinite loop" } */
      last[j] = i;
  return last[0];
}

/* Waiting for a flag a signal handler sets is fine only if it is volatile.  */
void wait_volatile_ok (void)
{
  while (!ready)
    ;
}

/* A loop that does work (calls a function that may have effects, writes
   a global) is the program's business.  */
void server_loop_ok (void)
{
  for (;;)
    work ();
}

void count_forever_ok (void)
{
  for (;;)
    counter++;
}

/* Across a function boundary: the helper changes nothing, so calling it
   makes no progress.  */
static int peek (const struct node *n)
{
  return n->val;
}

void wait_for_value_bad (struct node *n)
{
  while (peek (n) == 0) /* { dg-warning "infinite loop" } */
    ;
}

/* The test is decided by a value the loop never changes only on one way
   round: going the other way changes it.  */
void scan_ok (const char *s)
{
  while (*s)
    {
      if (*s == ' ')
        s++;
      else
        s += 2;
    }
}

/* A variable-length array on the stack is the function's own too.  */
void vla_bad (int m, int n)
{
  float grid[m][n];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; i++) /* { dg-warning "infinite loop" } */
      grid[i][j] = 0.f;
}

/* ...and a loop that reads what it writes there may end.  */
int vla_scan_ok (int n)
{
  int seen[n + 1];
  int k = 0;
  seen[0] = 1;
  while (seen[k] != 0 && k < n)
    seen[++k] = 0;
  return k;
}
