/* Issue 33, item 1: a C library call that writes into one field of a
   struct changes the bytes it writes, not the struct's other fields (a
   request's defaults copied beside its context, an error message printed
   into the buffer beside the data, a socket option read from beside the
   socket).  What it does overwrite is gone.  */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/socket.h>

struct conf { int a, b, c; char name[32]; };
struct request { int id; void *ctx; struct conf conf; };
struct opt { int buffer_size; int other; };
struct handle { int fd; struct opt opt; char errbuf[256]; char *buffer; };

struct request *copy_beside_ok (const struct conf *defaults)
{
  struct request *r = malloc (sizeof *r);
  if (!r)
    return NULL;
  r->ctx = malloc (64);
  memcpy (&r->conf, defaults, sizeof (struct conf)); /* { dg-bogus "leak" } */
  return r;
}

int message_beside_ok (struct handle *p, size_t n)
{
  char *bigger = realloc (p->buffer, n);
  if (!bigger)
    {
      snprintf (p->errbuf, sizeof p->errbuf, "out of memory");
      return -1;
    }
  p->buffer = bigger;
  snprintf (p->errbuf, sizeof p->errbuf, "grew to %zu", n);
  return 0; /* { dg-bogus "leak" } */
}

int option_beside_ok (struct handle *h)
{
  int fd = socket (AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  h->fd = fd;
  if (setsockopt (fd, SOL_SOCKET, SO_RCVBUF, &h->opt.buffer_size, sizeof h->opt.buffer_size) < 0)
    return -2; /* { dg-bogus "leak" } */
  return 0; /* { dg-bogus "leak" } */
}

/* The bytes written cover the field that held the allocation.  */
struct request *copy_over_bad (const struct request *model)
{
  struct request *r = malloc (sizeof *r);
  if (!r)
    return NULL;
  r->ctx = malloc (64);
  memcpy (r, model, sizeof *r); /* { dg-warning "leak of" } */
  return r;
}

struct request *copy_from_field_bad (const struct request *model)
{
  struct request *r = malloc (sizeof *r);
  if (!r)
    return NULL;
  r->ctx = malloc (64);
  memcpy (&r->ctx, &model->ctx, sizeof r->ctx); /* { dg-warning "leak of" } */
  return r;
}

