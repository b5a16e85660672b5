// C++'s own NULL tests and negated bools (issue 19, re2 at -O2): "delete p"
// tests p before destroying and freeing it, which is not the programmer's
// check after a dereference; "!f ()" of a bool result is ~b on one bit,
// and a flag made of it keeps its value however many paths meet.
// { dg-options "-O2" }
#include <cstddef>

struct Node
{
  int nsub;
  int ref;
  Node *down;
  Node **subs;
  ~Node ();
  bool quick_destroy ();
  void destroy ();
};

bool Node::quick_destroy ()
{
  if (nsub == 0) // (a dereference of 'this')
    {
      delete this; // { dg-bogus "check of" }
      return true;
    }
  return false;
}

// Walks the tree with an explicit stack; quick_destroy deletes only when
// it says so, and then the node is not touched again.
void Node::destroy ()
{
  if (quick_destroy ())
    return;
  down = NULL;
  Node *stack = this;
  while (stack != NULL)
    {
      Node *re = stack;
      stack = re->down;
      if (re->nsub > 0)
        {
          Node **s = re->subs;
          for (int i = 0; i < re->nsub; i++)
            {
              Node *sub = s[i];
              if (sub == NULL)
                continue;
              --sub->ref;
              if (sub->ref == 0 && !sub->quick_destroy ())
                {
                  sub->down = stack; // { dg-bogus "use after 'delete'" }
                  stack = sub;
                }
            }
          if (re->nsub > 1)
            delete[] s;
          re->nsub = 0;
        }
      delete re;
    }
}

struct Runes
{
  int n;
  int *runes;
};

int take_last (Runes *r)
{
  int last = r->runes[r->n - 1];
  delete[] r->runes; // { dg-bogus "check of" } (read again for the test)
  r->runes = NULL;
  return last;
}

// The programmer's own check after a dereference is still told.
int own_check_bad (Runes *r)
{
  int n = r->n; // { dg-message "pointer 'r' is dereferenced here" }
  if (r == NULL) // { dg-warning "check of 'r' for NULL after already dereferencing it" }
    return 0;
  return n;
}

bool release (Node *n)
{
  if (n->ref == 0)
    {
      delete n;
      return true;
    }
  return false;
}

void negated_ok (Node *n)
{
  if (!release (n))
    n->ref = 1; // { dg-bogus "use after 'delete'" }
}

void not_negated_bad (Node *n)
{
  if (release (n))
    n->ref = 1; // { dg-warning "use after 'delete' of 'n'" }
}
