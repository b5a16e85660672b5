/* Out-of-bounds reads and writes at offsets the path fixes: constant
   subscripts, pointer steps, the first trip of a loop, allocations of a
   known size.  */
#include <stdlib.h>
#include <string.h>

int stack_write_bad (void)
{
  int ids[3];
  ids[0] = 1;
  ids[3] = 4; /* { dg-warning "stack-based buffer overflow \\\[CWE-121\\\] \\\[-Wanalyzer-out-of-bounds\\\]" } */
  /* { dg-message "write of 4 bytes to beyond the end of 'ids'" "bytes" { target *-*-* } .-1 } */
  /* { dg-message "valid subscripts for 'ids' are '\\\[0\\\]' to '\\\[2\\\]'" "subscripts" { target *-*-* } .-2 } */
  return ids[0];
}

int stack_last_ok (void)
{
  int ids[3];
  ids[2] = 1;
  return ids[2];
}

int stack_read_bad (void)
{
  char name[8];
  memset (name, 0, sizeof name);
  return name[8]; /* { dg-warning "stack-based buffer over-read \\\[CWE-126\\\] \\\[-Wanalyzer-out-of-bounds\\\]" } */
  /* { dg-message "read of 1 byte from after the end of 'name'" "bytes" { target *-*-* } .-1 } */
}

int underwrite_bad (void)
{
  int buf[4];
  int *e = buf - 1;
  *e = 42; /* { dg-warning "stack-based buffer underwrite \\\[CWE-124\\\] \\\[-Wanalyzer-out-of-bounds\\\]" } */
  /* { dg-message "write of 4 bytes to before the start of 'buf'" "bytes" { target *-*-* } .-1 } */
  return buf[0];
}

int steps_back_ok (void)
{
  int buf[4];
  int *e = buf + 1;
  *e = 123;
  *(e - 1) = 321;
  return buf[0] + buf[1];
}

void heap_write_bad (void)
{
  int *p = malloc (3 * sizeof (int));
  if (!p)
    return;
  p[3] = 7; /* { dg-warning "heap-based buffer overflow \\\[CWE-122\\\] \\\[-Wanalyzer-out-of-bounds\\\]" } */
  /* { dg-message "write of 4 bytes to beyond the end of the region" "bytes" { target *-*-* } .-1 } */
  free (p);
}

void heap_ok (void)
{
  int *p = malloc (3 * sizeof (int));
  if (!p)
    return;
  p[2] = 7;
  free (p);
}

int sum_from_end_bad (void)
{
  int arr[4];
  memset (arr, 0, sizeof arr);
  int sum = 0;
  for (int i = 4; i > 0; i--)
    sum += arr[i]; /* { dg-warning "stack-based buffer over-read" } */
  /* { dg-message "read of 4 bytes" "bytes" { target *-*-* } .-1 } */
  return sum;
}

int sum_ok (void)
{
  int arr[4];
  memset (arr, 0, sizeof arr);
  int sum = 0;
  for (int i = 3; i >= 0; i--)
    sum += arr[i];
  return sum;
}

static char table[16];

void global_bad (void)
{
  table[16] = 'x'; /* { dg-warning "buffer overflow \\\[CWE-787\\\] \\\[-Wanalyzer-out-of-bounds\\\]" } */
  /* { dg-message "" "notes" { target *-*-* } .-1 } */
}

char literal_bad (void)
{
  const char *s = "abcd";
  return s[5]; /* { dg-warning "buffer over-read" } */
  /* { dg-message "read of 1 byte from after the end of the region" "bytes" { target *-*-* } .-1 } */
}

char literal_terminator_ok (void)
{
  const char *s = "abcd";
  return s[4];
}

/* A guarded index stays silent: the path knows i < 8.  */
int guarded_ok (int i)
{
  int a[8] = { 0 };
  if (i >= 0 && i < 8)
    return a[i];
  return -1;
}

/* An index the path knows nothing of is not reported.  */
int unknown_ok (int i)
{
  int a[8] = { 0 };
  return a[i];
}

/* A size that reaches the access through a call.  */
static int *make (int n)
{
  return malloc (n * sizeof (int));
}

void through_call_bad (void)
{
  int *v = make (2);
  if (!v)
    return;
  v[0] = 1;
  v[2] = 3; /* { dg-warning "heap-based buffer overflow" } */
  /* { dg-message "" "notes" { target *-*-* } .-1 } */
  free (v);
}

/* A string literal's bytes are known: a scan stops at its terminator.  */
int scan_literal_ok (int precision)
{
  const char *z = "";
  int n = 0;
  while (precision-- > 0 && z[0])
    {
      z++;
      n++;
    }
  return n + (z[0] == 0);
}

/* A loop whose bound the path does not know is not assumed to run zero
   times (nor once more) to find an out-of-bounds access: such a bound is
   usually an invariant of the program (here: 1 <= l->n <= 4).  */
struct list { int n; int items[4]; };

int last_ok (const struct list *l)
{
  int copy[4] = { 0 };
  int m = 0;
  for (int i = 0; i < l->n; i++)
    copy[m++] = l->items[i];
  return copy[m - 1];
}

/* A global whose flexible array member is initialized is that much
   larger than its type.  */
struct tagged { char tag; char body[]; };
static struct tagged greeting = { 'g', "hi" };

int flexible_init_ok (void)
{
  return greeting.body[2];
}

int flexible_init_bad (void)
{
  return greeting.body[3]; /* { dg-warning "buffer over-read" } */
  /* { dg-message "read of 1 byte from after the end of 'greeting'" "bytes" { target *-*-* } .-1 } */
}

/* A bit-field's bits are inside the object, whatever its type's size.  */
union perm {
  struct {
    unsigned int reserved : 8;
    unsigned int id : 20;
  };
  unsigned int bits;
} __attribute__ ((__packed__));

union perm permission;

void bit_field_ok (unsigned int id)
{
  permission.id = id;
}
