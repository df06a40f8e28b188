import sys
from pathlib import Path

# The shared-vector reader sits beside the tests.
sys.path.insert(0, str(Path(__file__).parent))
