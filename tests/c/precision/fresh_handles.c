/* Issue 33, item 1: a stream fopen or popen just made, or heap storage
   malloc just made, that nothing else was given is not stdin, nor any
   pointer the function was given or reads from memory: "if (input !=
   stdin) fclose (input)" closes it.  */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int read_named_ok (const char *name)
{
  FILE *input;
  if (name)
    {
      input = fopen (name, "r");
      if (!input)
        return -1;
    }
  else
    input = stdin;
  int c = fgetc (input);
  if (input != stdin)
    fclose (input);
  return c; /* { dg-bogus "leak" } */
}

int read_command_ok (const char *cmd)
{
  FILE *fp = popen (cmd, "r");
  if (fp == NULL)
    return -1;
  int c = fgetc (fp);
  if (fp != stdin)
    pclose (fp);
  return c; /* { dg-bogus "leak" } */
}

struct buffer { char *data; };

void replace_ok (struct buffer *b, const char *initial)
{
  char *fresh = malloc (16);
  if (!fresh)
    return;
  if (fresh != b->data && fresh != initial)
    free (b->data);
  b->data = fresh; /* { dg-bogus "leak" } */
}

/* The test that can never hold guards the only release.  */
int read_named_bad (const char *name)
{
  FILE *input = fopen (name, "r");
  if (!input)
    return -1;
  int c = fgetc (input);
  if (input == stdin)
    fclose (input);
  return c; /* { dg-warning "leak of FILE 'input'" } */
}

void replace_bad (struct buffer *b)
{
  char *fresh = malloc (16);
  if (fresh == b->data)
    free (fresh);
} /* { dg-warning "leak of 'fresh'" } */

/* Called round a loop of its caller (where the engine generalizes): the
   stream fopen makes on the second call is still not stdin.  */
static void try_file (const char *filename)
{
  FILE *input;
  if (filename[0] == '-' && filename[1] == 0)
    input = stdin;
  else if ((input = fopen (filename, "r")) == NULL)
    return;
  struct stat st;
  if (fstat (fileno (input), &st) == -1)
    goto close;
  if (S_ISDIR (st.st_mode))
    goto close;
  fgetc (input);
close:
  if (input != stdin)
    fclose (input);
} /* { dg-bogus "leak" } */

int next_option (void);
extern char *option_argument;

int each_file_ok (void)
{
  int c;
  while ((c = next_option ()) != -1)
    switch (c)
      {
      case 'f':
        try_file (option_argument);
        break;
      default:
        return 1;
      }
  return 0;
}

/* Two allocations the path holds are two objects: a node malloc made is
   never the list's own root, a field of another allocation, so the
   unwinding loop frees every node it made.  */
struct node { struct node *next, *prev; };
struct list { struct node root; size_t count; };

struct list *create_ok (size_t n)
{
  struct list *list = malloc (sizeof *list);
  if (!list)
    return NULL;
  struct node *tail = &list->root;
  for (; n > 0; n--)
    {
      struct node *node = malloc (sizeof *node);
      if (!node)
        goto fail;
      node->prev = tail;
      tail->next = node;
      tail = node;
    }
  tail->next = &list->root;
  list->root.prev = tail;
  return list;
fail:
  for (struct node *node = tail; node != &list->root;)
    {
      struct node *prev = node->prev;
      free (node);
      node = prev;
    }
  free (list);
  return NULL; /* { dg-bogus "leak" } */
}

void same_object_bad (void)
{
  struct list *a = malloc (sizeof *a);
  struct node *n = malloc (sizeof *n);
  if (!a || !n)
    {
      free (a);
      free (n);
      return;
    }
  if (n == &a->root)
    free (n);
  free (a);
} /* { dg-warning "leak of 'n'" } */
