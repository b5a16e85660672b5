/* Issue 33, item 2: pointers into one buffer.  A stack kept as a pointer
   one below its array ("empty"), pushed and popped with tests of the
   pointer against the array's start and end: comparisons of two places in
   the same object are decided by their offsets, so "popped past the start"
   and "full at the first push" are infeasible.  A pop the path proves
   goes below the start is still reported.  */
#include <setjmp.h>

struct machine { int *start, *stop; };

static jmp_buf trap;

static void clear (struct machine *m)
{
  m->start = 0;
  m->stop = 0;
}

int compile_ok (const int *ops, int n)
{
  struct machine stack[16];
  struct machine *top = stack - 1; /* empty */
  if (setjmp (trap))
    return -1;
  for (int i = 0; i < n; i++)
    switch (ops[i])
      {
      case 0: /* push */
        if (++top >= stack + 16)
          longjmp (trap, 1);
        clear (top); /* { dg-bogus "underwrite|overflow" } */
        break;
      case 1: /* combine the top two */
        if (top - 1 < stack)
          longjmp (trap, 2);
        top[-1].stop = top->stop; /* { dg-bogus "under-read|underwrite" } */
        top--;
        break;
      default: /* pop */
        if (top < stack)
          longjmp (trap, 3);
        clear (top); /* { dg-bogus "underwrite" } */
        top--;
        break;
      }
  return top < stack ? 0 : top->start != 0; /* { dg-bogus "under-read" } */
}

int empty_test_ok (void)
{
  int stack[8];
  int *p = stack - 1;
  if (p < stack) /* always: empty */
    return 0;
  return *p; /* { dg-bogus "under-read" } */
}

int popped_below_bad (void)
{
  int stack[8];
  int *p = stack;
  *p = 1;
  p -= 2;
  if (p > stack + 4) /* never */
    return 0;
  return *p; /* { dg-warning "stack-based buffer under-read" } */
}
