/* An allocation whose size is not a whole number of the elements the
   pointer it is given to points to (CWE-131).  */
#include <stdlib.h>

int *ints_bad (void)
{
  int *p = malloc (10); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  /* { dg-message "10 is not a multiple of 4" "note" { target *-*-* } .-1 } */
  return p;
}

int *ints_ok (void)
{
  return malloc (10 * sizeof (int));
}

static size_t want (void)
{
  return 12;
}

double *doubles_bad (void)
{
  double *d = malloc (want ()); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  /* { dg-message "" "note" { target *-*-* } .-1 } */
  return d;
}

long *calloc_ok (void)
{
  return calloc (3, sizeof (long));
}

char *chars_ok (void)
{
  return malloc (7);
}

/* A struct with a flexible array member has room after it: not checked.  */
struct msg { int len; char text[]; };

struct msg *message_ok (void)
{
  return malloc (sizeof (struct msg) + 5);
}

/* Given to the typed pointer by a cast after the call: where the size
   was asked for is an event of its own.  */
int *cast_after_bad (void)
{
  void *raw = malloc (42); /* { dg-message "allocated 42 bytes here" } */
  int *p = (int *) raw; /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  return p;
}

/* A size of the wrong element type ("n * sizeof (short)" for ints), and
   a multiple plus a remainder.  */
int *wrong_element_type_bad (int n)
{
  int *p = (int *) malloc (n * sizeof (short)); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  return p;
}

int *remainder_bad (size_t n)
{
  int *p = (int *) malloc (n * sizeof (int) + 3); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  return p;
}

int *symbolic_ok (size_t n)
{
  int *p = (int *) malloc ((n + 1) * sizeof (int));
  return p;
}

/* A header before a payload of a size only the caller knows: not judged. */
long long *header_then_payload (int payload)
{
  long long *p = (long long *) malloc (payload + 8);
  if (p)
    p[0] = payload;
  return p;
}

/* Floating-point arithmetic gives no multiple to judge (it is a problem
   of its own: imprecise-fp-arithmetic).  */
int *float_size (float f)
{
  return (int *) malloc (sizeof (int) * f); /* { dg-bogus "not a multiple" } */
  /* { dg-warning "use of floating-point arithmetic" "fp" { target *-*-* } .-1 } */
}

/* A declared object cast to a pointer to larger scalars.  */
struct pair_of_shorts { short lo; };

int *global_cast_bad (void)
{
  static struct pair_of_shorts s; /* (static: the pointer may outlive the call) */
  return (int *) &s; /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
}

int *local_array_bad (void)
{
  char bytes[2]; /* { dg-message "allocated 2 bytes here" } */
  int *p = (int *) bytes; /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  return p ? 0 : p;
}

/* An allocation a helper returns.  */
static void *make_buffer (int n)
{
  return malloc (n);
}

int *helper_bad (void)
{
  int *p = (int *) make_buffer (42); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  return p;
}

int *helper_ok (void)
{
  return (int *) make_buffer (4 * sizeof (int));
}

/* A struct: a constant size too small for even one of it.  */
struct big { long a, b, c; };

struct big *struct_too_small_bad (void)
{
  struct big *p = malloc (4); /* { dg-warning "allocated buffer size is not a multiple of the pointee's size" } */
  /* { dg-message "4 bytes cannot hold one object of 24 bytes" "note" { target *-*-* } .-1 } */
  return p;
}

struct big *struct_ok (void)
{
  return malloc (sizeof (struct big));
}

struct with_tail { int n; char data[]; };

struct with_tail *flexible_ok (void)
{
  return malloc (10); /* room for the header and some of the tail */
}

/* A declared object reinterpreted as a struct on purpose: not judged.  */
struct big *declared_reinterpreted (void)
{
  static unsigned char first_field_only = 1;
  return (struct big *) &first_field_only;
}
