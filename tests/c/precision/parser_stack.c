/* Issue 33, item 1: a generated LALR parser (reduced from the shape of a
   bison "yacc.c" parser of the grammar
     input: %empty | input stmt ;
     stmt:  NUM ';' | WORD '=' NUM ';' ;
   its tables are byte arrays the front end keeps as strings).  Which rule
   is reduced depends on the tables at a state and a token the path does
   not fix; the value stack's depth then matches the rule by the automaton's
   invariant, which the engine does not see.  A read of yyvsp[-3] by a rule
   of four symbols is no under-read, and the value read no uninitialized
   one.  A bug the path proves inside an action is still reported, and so
   is "val = vsp[1 - len]" at the first reduction of the empty rule: it
   copies a slot never written (bison's comment: "sets YYVAL to garbage"),
   a use as GCC counts it.  */
#include <stdlib.h>

int next_token (void);
void set_var (const char *, int);

union value { int num; char *str; };
union value lval;
static int total;

static const signed char translate[260] = {
  0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 5, 2, 6, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 3, 4
};
static const signed char pact[] = { -5, 0, -5, -4, -1, -5, -5, 3, -3, -5 };
static const signed char defact[] = { 2, 0, 1, 0, 0, 3, 4, 0, 0, 5 };
static const signed char pgoto[] = { -5, -5, -5 };
static const signed char defgoto[] = { 0, 1, 5 };
static const signed char table[] = { 2, 6, 9, 3, 4, 7, 8 };
static const signed char check[] = { 0, 5, 5, 3, 4, 6, 3 };
static const signed char r1[] = { 0, 7, 8, 8, 9, 9 };
static const signed char r2[] = { 0, 2, 0, 2, 2, 4 };

#define STACK_DEPTH 200

int parse_ok (int twice)
{
  int state = 0, n, len, token, ch = -2;
  signed char ss[STACK_DEPTH], *ssp = ss;
  union value vs[STACK_DEPTH], *vsp = vs, val;

 newstate:
  *ssp = (signed char) state;
  if (ssp >= ss + STACK_DEPTH - 1)
    return 2;
  if (state == 2)
    return 0;
  n = pact[state];
  if (n == -5)
    goto defaultact;
  if (ch == -2)
    ch = next_token ();
  if (ch <= 0)
    ch = token = 0;
  else
    token = ch >= 0 && ch <= 259 ? translate[ch] : 2;
  n += token;
  if (n < 0 || 6 < n || check[n] != token)
    goto defaultact;
  n = table[n];
  if (n <= 0)
    {
      n = -n;
      goto reduce;
    }
  ch = -2;
  state = n;
  *++vsp = lval;
  ssp++;
  goto newstate;

 defaultact:
  n = defact[state];
  if (n == 0)
    return 1;

 reduce:
  len = r2[n];
  val = vsp[1 - len]; /* { dg-warning "use of uninitialized value" } */
  switch (n)
    {
    case 4:
      total += vsp[-1].num; /* { dg-bogus "under-read|uninitialized" } */
      break;
    case 5:
      {
        char *word = vsp[-3].str; /* { dg-bogus "under-read|uninitialized" } */
        set_var (word, vsp[-1].num); /* { dg-bogus "under-read|uninitialized" } */
        free (word); /* { dg-bogus "double" } */
        if (twice)
          total += *word; /* { dg-warning "use after 'free' of 'word'" } */
      }
      break;
    default:
      break;
    }
  vsp -= len;
  ssp -= len;
  *++vsp = val;
  n = r1[n] - 7;
  {
    const int i = pgoto[n] + *ssp;
    state = 0 <= i && i <= 6 && check[i] == *ssp ? table[i] : defgoto[n];
  }
  ssp++;
  goto newstate;
}

/* A stack the path does fix: popped below its start.  */
int popped_past_start_bad (void)
{
  int stack[8];
  int *top = stack;
  *top++ = 1;
  top -= 2;
  return *top; /* { dg-warning "stack-based buffer under-read" } */
}
