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
