/* Two pointers a branch finds equal point to one object: what the path
   wrote through one ("sel->file = ...") is what a read through the other
   finds ("cur->file" once "cur == sel"). And a function of the file whose
   every return gives a value a test found NULL only on a side that never
   returns ("if (f == NULL) fail (...)") returns no NULL, stepped into or
   not.  */
#include <stdio.h>
#include <stdlib.h>

struct div
{
  int used;
  char *spare;
  FILE *file;
};

extern struct div *pick (void);
extern FILE *make_file (int);
extern _Noreturn void fail (const char *);

static FILE *
checked_file (int n)
{
  FILE *f = make_file (n);
  if (f == NULL)
    fail ("cannot make a file");
  return f;
}

static FILE *out;
static char *cursor;
static char area[64];

static void
spill (struct div *cur)
{
  struct div *sel = cur;
  struct div *d = pick ();
  if (d->used > sel->used)
    sel = d;
  free (sel->spare);
  sel->spare = NULL;
  sel->file = checked_file (sel->used);
  if (cur == sel)
    {
      out = cur->file;
      cursor = NULL;
    }
  else
    {
      out = NULL;
      cursor = area;
    }
}

void
put (struct div *cur, char c)
{
  spill (cur);
  if (out)
    putc (c, out);
  else
    *cursor++ = c; /* { dg-bogus "NULL" } */
}

/* Without the check, the file may be NULL, and so is the cursor then.  */
static FILE *
unchecked_file (int n)
{
  return make_file (n);
}

static void
spill_unchecked (struct div *cur)
{
  free (cur->spare);
  cur->spare = NULL;
  cur->file = unchecked_file (cur->used);
  out = cur->file;
  cursor = NULL;
}

void
put_unchecked (struct div *cur, char c)
{
  spill_unchecked (cur);
  if (out)
    putc (c, out);
  else
    *cursor++ = c; /* { dg-warning "dereference of NULL 'cursor'" } */
}
