/* Issue 33, item 1: a value the path tested, then read again after a call
   of code the analysis cannot see (a function of another file) that was
   not given it, is the same value unless that code changed it.  A path
   that needs the change (the test comes out the other way) follows a
   guess: nothing is reported on it.  A value the code was given, or a
   constant the program stored before the call, is the code's to change:
   there the path is the program's own.  */
#include <unistd.h>

struct request { long body_length; int flags; };
struct editor { char *mark; };
extern struct editor *current;

void log_line (const char *);
void fill (struct request *);
int moved (void);
void use (int);

/* A field tested before the call, tested again after it: the call is not
   given the request (lighttpd's reqbody_length around a pipe helper).  */
void tested_field_ok (struct request *r)
{
  int fds[2];
  if (r->body_length != 0)
    {
      if (pipe (fds) < 0)
        return;
    }
  log_line ("spawning");
  if (r->body_length != 0)
    {
      close (fds[0]); /* { dg-bogus "uninitialized" } */
      close (fds[1]); /* { dg-bogus "uninitialized" } */
    }
}

/* A global's pointee: set before, checked again after a call given
   nothing (nano's openfile->mark around its helpers).  */
void tested_global_ok (void)
{
  int top;
  if (current->mark)
    top = 1;
  if (moved ())
    log_line ("moved");
  if (current->mark)
    use (top); /* { dg-bogus "uninitialized" } */
}

/* The call is given the request: it may well set the length.  */
void given_object_bad (struct request *r)
{
  int fd;
  if (r->body_length != 0)
    fd = 3;
  fill (r);
  if (r->body_length != 0)
    use (fd); /* { dg-warning "use of uninitialized value 'fd'" } */
}

/* A constant the program stored is the code's to change.  */
void stored_constant_bad (struct request *r)
{
  int fd;
  r->flags = 0;
  log_line ("reset");
  if (r->flags)
    use (fd); /* { dg-warning "use of uninitialized value 'fd'" } */
}

/* Untested before the call: no guess, the path is the program's own.  */
void untested_bad (struct request *r)
{
  int fd;
  log_line ("start");
  if (r->flags)
    use (fd); /* { dg-warning "use of uninitialized value 'fd'" } */
}

/* A size the path knows is 0, read again after such a call and given to
   memcpy with the NULL an allocation of 0 bytes may give: the size is 0
   unless the call changed it (nettle's cipher block sizes).  */
#include <stdlib.h>
#include <string.h>

void *zalloc (size_t size)
{
  void *p = malloc (size);
  if (size && !p)
    abort ();
  return p;
}

struct cipher { size_t block_size; void (*set_key) (void *); };

void run_cipher_ok (struct cipher *c, void *ctx, const char *src)
{
  char *iv = zalloc (c->block_size);
  c->set_key (ctx);
  memcpy (iv, src, c->block_size); /* { dg-bogus "NULL" } */
  free (iv);
}

/* A stack of nodes a global points to, checked three deep, then popped
   three times by a helper that calls code the analysis cannot see between
   the pops (bc's dc_triop: dc_pop frees each node's array through another
   file's function). Each pop reads the top again, and the next node's
   fields through it: what the path knew of them before the calls still
   holds unless that code changed them, so a pop that finds the stack
   empty follows a guess, and every pop wrote its result.  Checked two
   deep, the third pop may fail and leave its result unwritten.  */
typedef struct { int type; void *number; } datum;
typedef struct node { datum value; void *array; struct node *link; } node;
static node *top;
extern void array_free (void *);
extern void garbage (const char *);
extern void use3 (void *, void *, void *);

int pop (datum *result)
{
  node *r = top;
  if (r == NULL || r->value.type == 0)
    {
      log_line ("stack empty");
      return 1;
    }
  if (r->value.type != 1 && r->value.type != 2)
    garbage ("at top of stack");
  *result = r->value;
  top = r->link;
  array_free (r->array);
  free (r);
  return 0;
}

void triop_ok (void)
{
  datum a, b, c;
  if (top == NULL || top->link == NULL || top->link->link == NULL)
    return;
  if (top->value.type != 1 || top->link->value.type != 1 || top->link->link->value.type != 1)
    return;
  (void) pop (&c);
  (void) pop (&b);
  (void) pop (&a);
  use3 (a.number, b.number, c.number); /* { dg-bogus "uninitialized" } */
}

void triop_bad (void)
{
  datum a, b, c;
  if (top == NULL || top->link == NULL)
    return;
  if (top->value.type != 1 || top->link->value.type != 1)
    return;
  (void) pop (&c);
  (void) pop (&b);
  (void) pop (&a);
  use3 (a.number, b.number, c.number); /* { dg-warning "use of uninitialized value 'a.number'" } */
}

/* A global's pointee tested, a field of it written, then calls of code
   the analysis cannot see: the pointer is read again, and what the path
   knew of the fields of what it pointed to still holds of what it points
   to now (nano's do_int_spell_fix: the mark tested before and after the
   search). Given the pointer, the code may change them.  */
struct line;
struct buffer { struct line *mark; struct line *current; long x; };
extern struct buffer *openbuffer;
extern void get_region (struct line **);
extern int search (void);
extern int search_in (struct buffer *);
extern void use_line (struct line *);

void region_ok (void)
{
  struct line *top;
  if (openbuffer->mark)
    get_region (&top);
  else
    openbuffer->x = 0;
  if (search () == 0)
    log_line ("not found");
  if (openbuffer->mark)
    use_line (top); /* { dg-bogus "uninitialized" } */
}

void region_given_bad (void)
{
  struct line *top;
  if (openbuffer->mark)
    get_region (&top);
  else
    openbuffer->x = 0;
  if (search_in (openbuffer) == 0)
    log_line ("not found");
  if (openbuffer->mark)
    use_line (top); /* { dg-warning "use of uninitialized value 'top'" } */
}

/* Two paths meeting with what they knew of a global read again: a loop
   over it run zero times (the count not above 0) and one run; unknown
   calls change the count, which is read again before an unchecked
   calloc. Merged into the first path's state, the second loop's entry
   would follow the first path's guess, and the unchecked result's use
   would go untold (flex's table writers).  */
extern int nstates;
extern void emit (int);
extern int write_table (void);
extern void die (const char *);

int *build_bad (void)
{
  int k, total;
  int *tab;
  for (k = 1; k <= nstates; ++k)
    emit (k);
  {
    int rc = write_table ();
    total = nstates + 1;
    if (rc < 0)
      die ("write");
  }
  tab = calloc (total, sizeof (int)); /* { dg-message "this call could return NULL" } */
  for (k = 1; k <= nstates; ++k)
    tab[k] = k; /* { dg-warning "dereference of possibly-NULL 'tab'" } */
  return tab;
}
