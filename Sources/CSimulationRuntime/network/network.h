// The network as work outside the simulation (network.c: libcurl transfers under way;
// urlsession.c: URLSession tasks resumed in a step).
#ifndef VMREPL_NETWORK_H
#define VMREPL_NETWORK_H

#include "../blocking/blocking.h"

int vmrepl_network_activate(void);
int vmrepl_urlsession_activate(void);

#endif
