import simcord


async def test_start_and_roll(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    r = await alice.slash(ch, "brade new", opponent=bob)
    print(r, r.response, r.response.components if r.response else None)
    r2 = await bob.click(r.response, label="Accept")
    print(r2, [f.content for f in r2.followups])
    for m in ch.history():
        print(m.content, m.attachments, m.components)
