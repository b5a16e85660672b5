/* use-of-uninitialized-value: reading a variable or memory nothing has
   written.  */
#include <stdlib.h>
#include <string.h>

extern void consume (int);
extern int fill (int *out);

int scalar_bad (void)
{
  int i; /* { dg-message "region created on stack here" } */
  return i * 2; /* { dg-warning "use of uninitialized value 'i' \\\[CWE-457\\\]" } */
}

int one_branch_bad (int flag)
{
  int x;
  if (flag)
    x = 1;
  return x; /* { dg-warning "use of uninitialized value 'x'" } */
}

int both_branches_ok (int flag)
{
  int x;
  if (flag)
    x = 1;
  else
    x = 2;
  return x;
}

int array_element_bad (void)
{
  int a[4];
  a[0] = 1;
  a[1] = 2;
  return a[0] + a[2]; /* { dg-warning "use of uninitialized value 'a\\\[2\\\]'" } */
}

int array_filled_ok (int n)
{
  int a[4];
  for (int k = 0; k < 4; k++)
    a[k] = k;
  return a[n & 3];
}

int struct_field_bad (void)
{
  struct { int x, y; } p;
  p.x = 1;
  return p.y; /* { dg-warning "use of uninitialized value 'p.y'" } */
}

int zero_filled_ok (void)
{
  struct { int x, y; } p = { 1 };
  return p.y;
}

int memset_ok (void)
{
  struct { int x, y; } p;
  memset (&p, 0, sizeof p);
  return p.y;
}

int heap_bad (void)
{
  int *p = malloc (sizeof *p);
  if (!p)
    return 0;
  int v = *p; /* { dg-warning "use of uninitialized value '\\*p'" } */
  free (p);
  return v;
}

int heap_written_ok (void)
{
  int *p = malloc (sizeof *p);
  if (!p)
    return 0;
  *p = 3;
  int v = *p;
  free (p);
  return v;
}

void passed_bad (void)
{
  int i;
  consume (i); /* { dg-warning "use of uninitialized value 'i'" } */
}

/* Set by the callee through a pointer: fine, whether or not its body is
   seen.  */
int out_parameter_ok (void)
{
  int v;
  if (fill (&v) != 0)
    return -1;
  return v;
}

static void set_it (int *out, int value)
{
  *out = value;
}

int callee_sets_ok (void)
{
  int v;
  set_it (&v, 4);
  return v;
}

/* Across functions: the callee reads what its caller never set.  */
static int twice (const int *p)
{
  return *p * 2; /* { dg-warning "use of uninitialized value '\\*p'" } */
}

int callee_reads_bad (void)
{
  int v;
  return twice (&v);
}

/* Followups are not reported: after the first use, the value is unknown.  */
int followup (void)
{
  int i;
  int j = i + 1; /* { dg-warning "use of uninitialized value 'i'" } */
  return j;
}

/* memcpy of a whole small struct, which GCC turns into one wide scalar
   copy: every field is written.  */
struct pair_ci { int a, b; };
int whole_struct_copy_ok (struct pair_ci *p, int esc)
{
  struct pair_ci backup;
  if (esc == p->b)
    {
      __builtin_memcpy (&backup, p, sizeof (backup));
      p = &backup;
      if (esc == p->a)
        p->a = 0;
    }
  return p->b;
}

/* A pointer that came through a merge of paths (set on one, not on the
   other) is reported at its first use on a path only when dereferenced
   after: unknown then, as GCC 13+ has it.  */
struct pair
{
  int a, b;
};

int told_once (int flag, struct pair *p)
{
  struct pair *q;
  int result = 0;
  if (flag)
    q = p;
  result += q->a; /* { dg-warning "use of uninitialized value 'q'" } */
  result += q->b; /* { dg-bogus "use of uninitialized value" "told already on this path" } */
  return result;
}

/* A variable never set at all is reported at each use, as GCC does.  */
int each_use (int a)
{
  int x;
  int y = x + 1; /* { dg-warning "use of uninitialized value 'x'" } */
  int z = x * 2; /* { dg-warning "use of uninitialized value 'x'" } */
  return y + z + a;
}

/* A string function reading a char array nothing wrote: the first byte it
   reads that no code set.  */
#include <string.h>

size_t strlen_of_unwritten (void)
{
  char buf[16];
  return strlen (buf); /* { dg-warning "use of uninitialized value 'buf\\[0\\]'" } */
}

size_t strlen_past_written (void)
{
  char buf[16];
  buf[0] = 'a';
  return strlen (buf); /* { dg-warning "use of uninitialized value 'buf\\[1\\]'" } */
}

char *strcat_onto_unwritten (const char *src)
{
  static char out[32];
  char dest[10];
  strcat (dest, src); /* { dg-warning "use of uninitialized value 'dest\\[0\\]'" } */
  return strcpy (out, dest);
}

size_t strlen_after_memset_ok (void)
{
  char buf[16];
  memset (buf, 0, sizeof buf);
  return strlen (buf); /* { dg-bogus "uninitialized" } */
}

size_t strlen_after_strcpy_ok (const char *s)
{
  char buf[16];
  strcpy (buf, "abc");
  return strlen (buf); /* { dg-bogus "uninitialized" } */
}
