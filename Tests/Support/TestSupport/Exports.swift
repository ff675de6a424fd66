// Tests start child processes through the same layer the replay runner uses.
@_exported public import Processes
