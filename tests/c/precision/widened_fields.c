/* What a loop's next trip still knows of memory it widens: a field set
   from a pointer the path checked is not NULL on the next trip, whatever
   it points to by then ("args->name = optarg" after "optarg != NULL"),
   so a second "--files" meets the check that ends the program, not a
   second fopen that loses the first stream.  */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct args
{
  const char *name;
  FILE *file;
  int level, verbose, keep, force;
  char delim;
};

extern void fatal (const char *) __attribute__ ((noreturn));

static void parse_ok (struct args *a, int argc, char **argv)
{
  int c;
  while ((c = getopt (argc, argv, "f::")) != -1)
    switch (c)
      {
      case 'f':
	if (a->name != NULL)
	  fatal ("only one --files");
	if (optarg == NULL)
	  {
	    a->name = "-";
	    a->file = stdin;
	  }
	else
	  {
	    a->name = optarg;
	    a->file = fopen (optarg, "r"); /* { dg-bogus "leak" } */
	    if (a->file == NULL)
	      fatal ("cannot open");
	  }
	break;
      case 'z':
	a->level = 9;
	break;
      case 'v':
	a->verbose++;
	break;
      case 'k':
	a->keep = 1;
	break;
      case 'F':
	a->force = 1;
	break;
      case '0':
	a->delim = 0;
	break;
      default:
	break;
      }
}

void args_ok (struct args *a, int argc, char **argv)
{
  a->name = NULL;
  a->file = NULL;
  parse_ok (a, argc, argv);
}

/* Without the check the second "--files" opens again over the first.  */
void parse_bad (struct args *a, int argc, char **argv)
{
  int c;
  a->name = NULL;
  a->file = NULL;
  while ((c = getopt (argc, argv, "f::")) != -1)
    switch (c)
      {
      case 'f':
	if (optarg == NULL)
	  {
	    a->name = "-";
	    a->file = stdin;
	  }
	else
	  {
	    a->name = optarg;
	    a->file = fopen (optarg, "r"); /* { dg-warning "leak of FILE" } */
	    if (a->file == NULL)
	      fatal ("cannot open");
	  }
	break;
      default:
	break;
      }
}

/* A count the loop changes is widened: it may be 0 on a later trip, and
   what a branch learned of an earlier value says nothing then.  */
struct counted
{
  int n;
  char *buf;
};

extern int more (void);

void count_bad (struct counted *c)
{
  char *p = NULL;
  c->n = 1;
  while (more ())
    c->n--;
  if (c->n == 0)
    p = malloc (4);
  if (c->n != 0)
    return;
  free (p);
  free (p); /* { dg-warning "double-'free'" } */
}
