"""Was a phrase said, or only mentioned?  The phrase matcher's last step
(:mod:`auditor.rules.matcher` asks it of every confirmed match), one module a principle:

* :mod:`.game`: inside a word of the game's own vocabulary (加速日, 讨论日);
* :mod:`.quoted`: inside a quotation that is not the poster's saying (a rule quoted,
  another's words reported, a word weighed as a word);
* :mod:`.rule`: a rule named in the poster's own words (规则说不能发誓);
* :mod:`.reported`: another player's act or words told (他刚才发誓了);
* :mod:`.disclaimed`: the act's word asked about, refused, denied or put off (什么叫贴脸？);
* :mod:`.senses`: a word in another sense (替补门将, 我孙子, the story, English);
* :mod:`.mentioned`: the verdict that asks them in turn;
* :mod:`.text`: what they share (the clause and sentence around a match, plain characters).
"""

from auditor.rules.said.game import inside_game_word
from auditor.rules.said.mentioned import mentioned
from auditor.rules.said.reported import named_reported

__all__ = ["inside_game_word", "mentioned", "named_reported"]
